Feature: extras
